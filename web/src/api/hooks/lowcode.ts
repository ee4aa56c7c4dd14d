/** Dynamic tables and reports (api/lowcode.ts): the tables the caller may use and their schemas. */
import { useQuery } from '@tanstack/react-query';
import { dtableSchema, myDTables } from '../lowcode';
import { resourceKeys } from './keys';

export const dtableKeys = resourceKeys('dtables');

/** The tables the caller may enter data in. */
export const useMyDTables = () => useQuery({ queryKey: dtableKeys.of('mine'), queryFn: myDTables });
/** A table's schema (its fields as the data screen shows them). */
export const useDTableSchema = (tableId: number | undefined) =>
  useQuery({ queryKey: dtableKeys.of('schema', tableId), queryFn: () => dtableSchema(tableId!), enabled: !!tableId });

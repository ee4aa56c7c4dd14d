/**
 * Query keys (TanStack Query). Everything cached of one resource sits under its root key [name], so a write
 * invalidates exactly the resources it touches: invalidating `all` reaches the resource's lists (useList's pages),
 * records and look-ups, and nothing else.
 *
 *   const roleKeys = resourceKeys('roles');
 *   roleKeys.all            ['roles']
 *   roleKeys.list()         ['roles', 'list']            useList adds its params:  ['roles', 'list', {...}]
 *   roleKeys.one(3)         ['roles', 'one', 3]
 *   roleKeys.of('grants', 3)['roles', 'grants', 3]
 */
import type { QueryKey } from '@tanstack/react-query';

export interface ResourceKeys<N extends string> {
  /** the root: every query of the resource */
  all: readonly [N];
  /** the resource's server lists (useList's `key`); scope narrows (a record type, a parent id) */
  list(...scope: unknown[]): readonly [N, 'list', ...unknown[]];
  /** one record */
  one(...id: unknown[]): readonly [N, 'one', ...unknown[]];
  /** anything else read of the resource: options, a tree, a preview */
  of(part: string, ...args: unknown[]): readonly [N, string, ...unknown[]];
}

export function resourceKeys<const N extends string>(name: N): ResourceKeys<N> {
  return {
    all: [name],
    list: (...scope) => [name, 'list', ...scope],
    one: (...id) => [name, 'one', ...id],
    of: (part, ...args) => [name, part, ...args],
  };
}

export type Touched = readonly QueryKey[];

/** Menus, function codes and API resources (api/access.ts). */
import { useQuery } from '@tanstack/react-query';
import { allFunctions, allResources, listMenus, resetResource } from '../access';
import { menuKeys, roleKeys } from './admin';
import { resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const functionKeys = resourceKeys('functions');
export const apiResourceKeys = resourceKeys('apiResources');

/** The menu tree as the menu manager edits it (with hidden menus). */
export const useMenuList = () => useQuery({ queryKey: menuKeys.of('all'), queryFn: listMenus });
export const useAllFunctions = () => useQuery({ queryKey: functionKeys.of('all'), queryFn: allFunctions });
export const useResources = () => useQuery({ queryKey: apiResourceKeys.of('all'), queryFn: allResources });

/** Back to the codes the server declares: the resource lists and what roles open through it. */
export const useResetResource = () => useWrite((id: number) => resetResource(id), [apiResourceKeys.all, roleKeys.all]);

/** Pure helpers of the /rolemanager tree: menu nodes are keyed 'm:<code>', function leaves 'f:<code>'. */
export const MENU_KEY = 'm:';
export const FUN_KEY = 'f:';

export interface GrantNode {
  key: string | number | bigint;
  children?: GrantNode[];
}

/**
 * What a save sends: a menu is granted when it or anything below it is ticked (the server adds the groups above);
 * function codes are the ticked function leaves.
 */
export function grantsToSave(tree: GrantNode[], ticked: Iterable<string | number | bigint>): { menuCodes: string[]; funCodes: string[] } {
  const on = new Set([...ticked].map(String));
  const menuCodes: string[] = [];
  const walk = (ns: GrantNode[]): boolean => {
    let any = false;
    for (const n of ns) {
      const k = String(n.key);
      const below = walk(n.children ?? []);
      const hit = on.has(k) || below;
      if (hit && k.startsWith(MENU_KEY)) menuCodes.push(k.slice(MENU_KEY.length));
      any = any || hit;
    }
    return any;
  };
  walk(tree);
  const funCodes = [...on].filter((k) => k.startsWith(FUN_KEY)).map((k) => k.slice(FUN_KEY.length));
  return { menuCodes, funCodes };
}

/** The ticked keys of a role's grants: its function leaves, and the menus that have no function of their own. */
export function tickedKeys(menuCodes: string[], funCodes: string[], functions: { menuCode: string }[]): string[] {
  const own = new Set(functions.map((f) => f.menuCode));
  return [...funCodes.map((c) => FUN_KEY + c), ...menuCodes.filter((c) => !own.has(c)).map((c) => MENU_KEY + c)];
}

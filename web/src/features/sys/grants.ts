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

/** Menu and function codes, as a user holds them or a role carries them. */
export interface Codes {
  menuCodes: readonly string[];
  funCodes: readonly string[];
}

/**
 * The keys of the tree an editor may not tick: a menu or function the editor does not hold and the role does not
 * already carry (the server refuses to add those: docs/data-rules.md, the grant rule), and everything below such a
 * menu (ticking a leaf would send its menus too). What the role already carries stays open, so it can be kept or
 * taken away. Other nodes (a group of loose functions) are never locked themselves.
 */
export function lockedKeys(tree: GrantNode[], editor: Codes, role: Codes): Set<string> {
  const menus = new Set([...editor.menuCodes, ...role.menuCodes]);
  const funs = new Set([...editor.funCodes, ...role.funCodes]);
  const out = new Set<string>();
  const walk = (ns: GrantNode[], lockedAbove: boolean) => {
    for (const n of ns) {
      const k = String(n.key);
      let locked = lockedAbove;
      if (k.startsWith(MENU_KEY)) locked ||= !menus.has(k.slice(MENU_KEY.length));
      else if (k.startsWith(FUN_KEY)) locked ||= !funs.has(k.slice(FUN_KEY.length));
      if (locked) out.add(k);
      walk(n.children ?? [], locked);
    }
  };
  walk(tree, false);
  return out;
}

/** The editor's own codes from the session: its function codes (comma-separated) and the menu codes of its tree. */
export function editorCodes(session: { funCodes?: string | null; menuCodes?: string[] } | null | undefined): Codes {
  return {
    menuCodes: session?.menuCodes ?? [],
    funCodes: (session?.funCodes ?? '').split(',').map((c) => c.trim()).filter(Boolean),
  };
}

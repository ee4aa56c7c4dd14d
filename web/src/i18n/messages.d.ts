// Parts of a language's catalogue, made by vite.config.ts from src/i18n/<lang>.ts (publicKeys.ts).
declare module 'virtual:messages/*' {
  const messages: Record<string, string>;
  export default messages;
}

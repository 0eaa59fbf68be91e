/**
 * The access scopes an install still lacks. The platform grants `write_x` without listing
 * `read_x` beside it (writing implies reading), so a granted write covers the wanted read.
 */
export function missingScopes(granted: string, wanted: string): string[] {
  const list = (scopes: string) =>
    scopes
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean);
  const have = new Set(list(granted));
  return list(wanted).filter(
    (scope) => !have.has(scope) && !(scope.startsWith('read_') && have.has(`write_${scope.slice('read_'.length)}`)),
  );
}

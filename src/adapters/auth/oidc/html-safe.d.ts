// oidc-provider's own HTML escaping (it escapes & < > " '), used by its built-in pages; the
// package has no exports map, so the module is reachable, but it ships no types for it.
declare module "oidc-provider/lib/helpers/html_safe.js" {
  export default function htmlSafe(input: unknown): string;
}

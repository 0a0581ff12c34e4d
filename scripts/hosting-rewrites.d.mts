export function globToRegExp(glob: string): RegExp;
export function pageFor(pathname: string, hasFile: (path: string) => boolean): string | null;
export function htmlRewrite(url: string, root: string): string | null;
export function cacheControlFor(pathname: string): string | null;

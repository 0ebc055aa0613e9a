/**
 * The operations a parsed Swagger 2.0 / OpenAPI 3.x description declares, flattened, and the path
 * prefix its server URL (or basePath) puts under the profile's base URL. Pure.
 */

/** One operation of a description. */
export interface DescribedOperation {
  method: string;
  /** The path as the description writes it, without the server prefix. */
  path: string;
  operationId: string | null;
  summary: string | null;
  tags: string[];
}

/** A description reduced to what the matcher needs. */
export interface DescribedApi {
  operations: DescribedOperation[];
  /** Added before every path, relative to the profile's base URL: '' or '/tenants/acme'. */
  prefix: string;
  notes: string[];
}

/** A parsed, dereferenced description: plain JSON, read defensively. */
export type DescriptionDocument = Record<string, unknown>;

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Lists the operations of `document` read from `descriptionUrl`, for a profile at `baseUrl`. */
export function describedApi(
  document: DescriptionDocument,
  descriptionUrl: string,
  baseUrl: string,
): DescribedApi {
  const operations: DescribedOperation[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item) || !path.startsWith('/')) continue;
    for (const method of methods) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: text(operation.operationId),
        summary: text(operation.summary) ?? text(operation.description),
        tags: Array.isArray(operation.tags) ? operation.tags.filter((tag) => typeof tag === 'string') : [],
      });
    }
  }
  const notes: string[] = [];
  const prefix = prefixOf(document, descriptionUrl, baseUrl, notes);
  return { operations, prefix, notes };
}

/**
 * Swagger 2.0's basePath, or OpenAPI's first server URL (its variables at their defaults,
 * resolved against where the description was read), less the base URL's own path.
 */
function prefixOf(
  document: DescriptionDocument,
  descriptionUrl: string,
  baseUrl: string,
  notes: string[],
): string {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  let serverPath = '';
  let url: string | null = null;
  let from = descriptionUrl;
  if (typeof document.swagger === 'string') {
    // basePath is a path on the host, read like a server URL: a missing leading slash is added
    // (and leading slashes folded, so it cannot name another host); its query is left out below.
    const basePathText = text(document.basePath);
    url = basePathText === null ? null : `/${basePathText.replace(/^\/+/, '')}`;
    from = base.origin;
  } else if (Array.isArray(document.servers) && isObject(document.servers[0])) {
    const server = document.servers[0];
    const variables = isObject(server.variables) ? server.variables : {};
    url = (text(server.url) ?? '/').replace(/\{(\w+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
    });
  }
  if (url !== null) {
    try {
      const resolved = new URL(url, from);
      if (resolved.origin !== base.origin) {
        notes.push(
          `The description names its server as ${resolved.origin}, not ${base.origin}; the paths are read relative to the profile's base URL.`,
        );
      }
      if (resolved.search || resolved.hash) {
        notes.push(
          `The description's server path "${url}" carries "${resolved.search}${resolved.hash}", which was left out of the endpoint paths.`,
        );
      }
      serverPath = decodeURI(resolved.pathname);
    } catch {
      notes.push(`The description's server URL "${url}" is not an address; it was ignored.`);
    }
  }
  serverPath = serverPath.replace(/\/+$/, '');
  if (serverPath === '' || serverPath === basePath) return '';
  if (basePath && serverPath.startsWith(`${basePath}/`)) return serverPath.slice(basePath.length);
  if (basePath) {
    notes.push(
      `The description's paths sit under ${serverPath}, outside the base URL's path ${basePath}; check the base URL.`,
    );
  }
  return serverPath;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

import { vendorKeyHeaders, vendorRoutes, type VendorRoute } from './vendor-routes';

/**
 * The `vendor` dialect's description, in the shape Swashbuckle gives a .NET tenant's: OpenAPI
 * 3.0.1, tags per controller, PascalCase request schemas, two apiKey header schemes, and every
 * answer shown as an empty object `{}` (API.md: the vendor publishes no response shapes). Built
 * from the route table, so the description cannot drift from the paths served.
 */

const guid = { type: 'string', format: 'uuid' };
const text = { type: 'string', nullable: true };

const schemas = {
  Field: {
    type: 'object',
    properties: {
      Name: text,
      Value: text,
      FieldId: guid,
      Code: text,
      Description: text,
      FieldType: text,
      Confidential: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  NoteRequest: {
    type: 'object',
    properties: { Contents: text, VisibleToAccounts: { type: 'boolean' } },
    additionalProperties: false,
  },
  AccountRequest: {
    type: 'object',
    properties: { AccountId: text },
    additionalProperties: false,
  },
  StartProcessRequest: {
    type: 'object',
    properties: {
      ProcessTypeId: guid,
      ExternalReference: text,
      Accounts: { type: 'array', items: { $ref: '#/components/schemas/AccountRequest' }, nullable: true },
      Documents: { type: 'array', items: {}, nullable: true },
      Notes: { type: 'array', items: { $ref: '#/components/schemas/NoteRequest' }, nullable: true },
      Fields: { type: 'array', items: { $ref: '#/components/schemas/Field' }, nullable: true },
    },
    additionalProperties: false,
  },
  AddNoteRequest: { $ref: '#/components/schemas/NoteRequest' },
  CompleteStepRequest: {
    type: 'object',
    properties: { Fields: { type: 'array', items: { $ref: '#/components/schemas/Field' }, nullable: true } },
    additionalProperties: false,
  },
};

function operationOf(route: VendorRoute) {
  const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: match[1] === 'externalReference' ? { type: 'string' } : guid,
  }));
  const json = (schema: object) => ({ 'application/json': { schema } });
  return {
    tags: [route.tag],
    summary: route.summary,
    operationId: route.operationId,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { content: json({ $ref: `#/components/schemas/${route.body}` }) } } : {}),
    responses: {
      200: { description: 'Success', content: json({ type: 'object' }) },
    },
  };
}

/** The vendor dialect's OpenAPI document. */
export function vendorDescription(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of vendorRoutes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.0.1',
    info: { title: 'OpenProcess API', version: 'v1' },
    paths,
    components: {
      schemas,
      securitySchemes: {
        ApiKeyId: {
          type: 'apiKey',
          in: 'header',
          name: vendorKeyHeaders.key,
          description: 'The API key, from Api Developer Access.',
        },
        ApiKeySecret: {
          type: 'apiKey',
          in: 'header',
          name: vendorKeyHeaders.secret,
          description: "The API key's secret, shown once when the key is saved.",
        },
      },
    },
    security: [{ ApiKeyId: [], ApiKeySecret: [] }],
  };
}

import { describe, expect, it } from 'vitest';
import { namedUrls } from '../../../../../src-main/core/discovery/locate-description';

const page = new URL('https://tenant.example.com/swagger/index.html');
const hrefs = (text: string, at = page) => namedUrls(text, at).map((url) => url.href);

describe('the URLs a Swagger UI page names', () => {
  it("reads Swashbuckle's configObject, a Swagger UI initializer and a plain link", () => {
    expect(
      hrefs('var configObject = JSON.parse(\'{"urls":[{"url":"v1/swagger.json","name":"V1"}]}\');'),
    ).toContain('https://tenant.example.com/swagger/v1/swagger.json');
    expect(hrefs('const ui = SwaggerUIBundle({ url: "/swagger/openapi.json", dom_id: "#ui" })')).toContain(
      'https://tenant.example.com/swagger/openapi.json',
    );
    expect(hrefs('<a href="docs/api.yaml">YAML</a>')).toContain(
      'https://tenant.example.com/swagger/docs/api.yaml',
    );
    // @fastify/swagger-ui: resolveUrl('./json') is relative to the page with a trailing slash.
    expect(hrefs("url: resolveUrl('./json'),", new URL('https://tenant.example.com/swagger'))).toContain(
      'https://tenant.example.com/swagger/json',
    );
  });

  it('ignores scripts, styles and settings that only end in "Url"', () => {
    expect(
      hrefs('oauth2RedirectUrl: "./oauth2-redirect.html", validatorUrl: "https://validator.swagger.io"'),
    ).toEqual([]);
    expect(hrefs('<script src="./swagger-ui-bundle.js"></script>')).toEqual([]);
  });
});

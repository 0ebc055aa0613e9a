import type { TemplateNode } from './seed-schema';

const group = (element: string, children: TemplateNode[]): TemplateNode => ({ element, children });
const answer = (element: string): TemplateNode => ({ element, value: `{{answers.${element}}}` });

/** The question codes of a ServiceRequest form: the element names of API.md's layout. */
export const serviceRequestQuestionCodes = {
  client: ['Title', 'FirstName', 'LastName', 'DOB', 'NINO', 'NHSNumber', 'DrivingLicenceNumber'],
  contact: ['Email', 'Mobile', 'Telephone'],
  property: ['AddressLine1', 'AddressLine2', 'AddressLine3', 'AddressLine4', 'PostCode'],
  request: ['RequestType', 'RequestSpecifics', 'RequestLocation'],
} as const;

/**
 * A data-mapping template filling all five groups of the ServiceRequest layout (API.md, operation
 * 8). Each answer lands in the element of the same name; the categorisation says which form and
 * which process reference the request belongs to.
 */
export function serviceRequestTemplate(requestType: string): TemplateNode {
  const codes = serviceRequestQuestionCodes;
  return group('ServiceRequest', [
    group('Request', [
      group('RequestCategorisation', [
        { element: 'FormType', value: '{{form.title}}' },
        { element: 'RequestType', value: requestType },
        { element: 'BackOfficeReference', value: '{{process.externalReference}}' },
      ]),
      group('ClientInfo', codes.client.map(answer)),
      group('ContactInfo', codes.contact.map(answer)),
      group('PropertyInfo', codes.property.map(answer)),
      group('RequestInfo', codes.request.map(answer)),
    ]),
  ]);
}

import type {
  ServiceRequestField,
  ServiceRequestForm,
  ServiceRequestGroup,
  XmlNode,
} from '../../../src-shared/documents';

/** The five groups of a form-mapped document and their elements, in API.md order. */
export const serviceRequestLayout: readonly { group: string; fields: readonly string[] }[] = [
  { group: 'RequestCategorisation', fields: ['FormType', 'RequestType', 'BackOfficeReference'] },
  {
    group: 'ClientInfo',
    fields: ['Title', 'FirstName', 'LastName', 'DOB', 'NINO', 'NHSNumber', 'DrivingLicenceNumber'],
  },
  { group: 'ContactInfo', fields: ['Email', 'Mobile', 'Telephone'] },
  {
    group: 'PropertyInfo',
    fields: ['AddressLine1', 'AddressLine2', 'AddressLine3', 'AddressLine4', 'PostCode'],
  },
  { group: 'RequestInfo', fields: ['RequestType', 'RequestSpecifics', 'RequestLocation'] },
];

/** A form view and what the user should know about it. */
export interface ServiceRequestView {
  form: ServiceRequestForm;
  warnings: string[];
}

/**
 * The form view of a `ServiceRequest/Request` document: every expected element is shown, ''
 * when empty or absent; elements and groups the form's mapping template added (API.md: each
 * template defines its own layout) follow the expected ones, in document order.
 */
export function serviceRequestView(root: XmlNode): ServiceRequestView | undefined {
  if (root.name !== 'ServiceRequest') return undefined;
  const requests = root.children.filter((child) => child.name === 'Request');
  if (requests.length === 0) return undefined;
  const warnings =
    requests.length > 1
      ? [`This ServiceRequest holds ${requests.length} Request records; the form view shows the first.`]
      : [];
  const request = requests[0];
  const used = new Set<XmlNode>();
  const groups: ServiceRequestGroup[] = serviceRequestLayout.map(({ group, fields }) => {
    const element = request.children.find((child) => child.name === group && !used.has(child));
    if (element) used.add(element);
    return { name: group, fields: groupFields(element, fields) };
  });
  const looseFields: ServiceRequestField[] = [];
  for (const child of request.children) {
    if (used.has(child)) continue;
    if (child.children.length > 0) groups.push({ name: child.name, fields: groupFields(child, []) });
    else looseFields.push({ name: child.name, value: child.text });
  }
  if (looseFields.length > 0) groups.push({ name: 'Request', fields: looseFields });
  return { form: { groups }, warnings };
}

function groupFields(group: XmlNode | undefined, expected: readonly string[]): ServiceRequestField[] {
  const children = group?.children ?? [];
  const used = new Set<XmlNode>();
  const fields: ServiceRequestField[] = [];
  const extras: ServiceRequestField[] = [];
  for (const name of expected) {
    const element = children.find((child) => child.name === name && !used.has(child));
    if (element) used.add(element);
    fields.push({ name, value: element?.text ?? '' });
    if (element) flatten(element.children, `${name}.`, extras);
  }
  for (const child of children) {
    if (used.has(child)) continue;
    fields.push({ name: child.name, value: child.text });
    flatten(child.children, `${child.name}.`, fields);
  }
  return fields.concat(extras);
}

// Nested elements inside a field become dotted fields (Address.Line1) so no value is hidden.
function flatten(children: XmlNode[], prefix: string, into: ServiceRequestField[]): void {
  for (const child of children) {
    into.push({ name: prefix + child.name, value: child.text });
    flatten(child.children, `${prefix}${child.name}.`, into);
  }
}

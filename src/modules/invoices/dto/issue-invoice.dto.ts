/**
 * `POST /invoices/issue` takes no fields: the invoice is the one of the caller's company and its current due date.
 * The class exists so that the validation pipe refuses any field sent (400).
 */
export class IssueInvoiceDto {}

import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { BillingAccess, Policy } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import { type ListAllowlist, type ListParams, listResponse } from '../../common/list-query/list-query.js';
import type { ListBody } from '../../shared/api-types.js';
import type { InvoiceResponse, IssueInvoiceResponse } from '../../shared/billing-api-types.js';
import { IssueInvoiceDto } from './dto/issue-invoice.dto.js';
import { InvoicesService } from './invoices.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const INVOICE_LIST: ListAllowlist = {
  filters: { id: 'id', status: 'status' },
  sort: { id: 'id', dueDate: 'dueDate', value: 'value', status: 'status', createdAt: 'createdAt' },
  defaultSort: ['dueDate', 'DESC'],
};

/** The company's invoices ('Faturas', /financeiro). Also open to a billing-only session. */
@ApiTags('invoices')
@ApiBearerAuth()
@BillingAccess()
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  /** The spec's path (`searchParam`, `pageNumber` → `{ invoices, hasMore, count }`) and the plain one; react-admin's dialect too. */
  @Get(['', 'all'])
  @Policy('read', 'Invoice')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(INVOICE_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'invoices', InvoiceResponse>> {
    return listResponse(res, 'invoices', query, await this.invoices.list(ctx, query));
  }

  /** Issues the invoice of the company's current due date when it is due and missing (the renew page's way to pay). */
  @Post('issue')
  @HttpCode(200)
  @Policy('update', 'Invoice')
  @ApiOkResponse({ description: 'The invoice of the current due date, or null when nothing is due yet' })
  issue(@Auth() ctx: AuthContext, @Body() _dto: IssueInvoiceDto): Promise<IssueInvoiceResponse> {
    return this.invoices.issueCurrent(ctx);
  }

  @Get(':id')
  @Policy('read', 'Invoice')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<InvoiceResponse> {
    return this.invoices.findOne(ctx, id);
  }
}

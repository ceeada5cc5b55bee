import { Controller, Get, Headers, Inject, Param, Query, Res } from '@nestjs/common';
import { renderTrace, TurnTraceReader } from '@support/persistence';
import { AppError } from '@support/platform';
import type { Response } from 'express';
import { TokenService } from '../auth/token-service.js';
import { sendProtocolScript, sendWebFile } from '../web/chat-page.controller.js';
import { DASHBOARD_DAYS, type DashboardPeriod, lastDays } from './dashboard-period.js';
import { dashboardCsv, DashboardQueries } from './dashboard-queries.js';

/** The analysts' dashboard: the page, its data as JSON and as CSV (analyst tokens only). */
@Controller('dashboard')
export class DashboardController {
  constructor(
    @Inject(DashboardQueries) private readonly queries: DashboardQueries,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(TurnTraceReader) private readonly traces: TurnTraceReader,
  ) {}

  @Get()
  page(@Res() res: Response) {
    sendWebFile(res, 'dashboard.html', 'html');
  }

  @Get('dashboard.js')
  script(@Res() res: Response) {
    sendWebFile(res, 'dashboard.js', 'application/javascript');
  }

  @Get('dashboard.css')
  style(@Res() res: Response) {
    sendWebFile(res, 'dashboard.css', 'css');
  }

  @Get('protocol.js')
  protocol(@Res() res: Response) {
    sendProtocolScript(res);
  }

  @Get('trace')
  tracePage(@Res() res: Response) {
    sendWebFile(res, 'trace.html', 'html');
  }

  @Get('trace.js')
  traceScript(@Res() res: Response) {
    sendWebFile(res, 'trace.js', 'application/javascript');
  }

  /** One turn's trace: the stored record and its readable rendering. */
  @Get('traces/:turnId')
  async trace(@Param('turnId') turnId: string, @Headers('authorization') authorization?: string) {
    await this.tokens.verify(/^Bearer (.+)$/.exec(authorization ?? '')?.[1], 'analyst');
    const trace = await this.traces.find(turnId);
    if (!trace) throw new AppError('not_found', `No trace for turn ${turnId}`);
    return { trace, text: renderTrace(trace) };
  }

  @Get('data')
  async data(@Headers('authorization') authorization?: string, @Query('days') days?: string) {
    await this.tokens.verify(/^Bearer (.+)$/.exec(authorization ?? '')?.[1], 'analyst');
    return this.queries.loadPeriod(this.period(days));
  }

  @Get('export.csv')
  async csv(
    @Res() res: Response,
    @Headers('authorization') authorization?: string,
    @Query('days') days?: string,
  ) {
    await this.tokens.verify(/^Bearer (.+)$/.exec(authorization ?? '')?.[1], 'analyst');
    const data = await this.queries.loadPeriod(this.period(days));
    res
      .type('text/csv')
      .setHeader('Content-Disposition', 'attachment; filename="support-dashboard.csv"')
      .send(dashboardCsv(data));
  }

  /** The last `days` whole UTC days, today included. */
  private period(days?: string): DashboardPeriod {
    const count = days === undefined ? DASHBOARD_DAYS.default : Number(days);
    if (!Number.isInteger(count) || count < 1 || count > DASHBOARD_DAYS.max)
      throw new AppError(
        'validation_failed',
        `Days must be a whole number from 1 to ${DASHBOARD_DAYS.max} (that many whole UTC days, today included); got "${String(days).slice(0, 20)}"`,
      );
    return lastDays(count, new Date());
  }
}

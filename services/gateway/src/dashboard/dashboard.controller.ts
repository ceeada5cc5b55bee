import { Controller, Get, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { renderTrace, TurnTraceReader } from '@support/persistence';
import { AppError } from '@support/platform/pure';
import type { Request, Response } from 'express';
import { TokenService } from '../auth/token-service.js';
import { sendBundle, sendProtocolScript, sendWebFile } from '../web/chat-page.controller.js';
import { barSelectionOf, DashboardConversations } from './dashboard-conversations.js';
import { DASHBOARD_DAYS, type DashboardPeriod, lastDays } from './dashboard-period.js';
import { dashboardCsv, DashboardQueries } from './dashboard-queries.js';

/** The pages' bundled scripts under /dashboard/ (and their source maps). */
const BUNDLES = ['dashboard.js', 'conversations.js', 'trace.js'].flatMap((f) => [f, `${f}.map`]);

/**
 * The analysts' dashboard: the page, its data as JSON and as CSV, and the conversations behind
 * each of its bars (analyst tokens only).
 */
@Controller('dashboard')
export class DashboardController {
  constructor(
    @Inject(DashboardQueries) private readonly queries: DashboardQueries,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(TurnTraceReader) private readonly traces: TurnTraceReader,
    @Inject(DashboardConversations) private readonly conversations: DashboardConversations,
  ) {}

  @Get()
  page(@Res() res: Response) {
    sendWebFile(res, 'dashboard.html', 'html');
  }

  @Get(BUNDLES)
  script(@Req() req: Request, @Res() res: Response) {
    sendBundle(res, req.path.slice(req.path.lastIndexOf('/') + 1));
  }

  /** The conversations behind one bar (`?day=&group=&reason=&topic=&latencyFrom=&latencyTo=`). */
  @Get('conversations')
  conversationsPage(@Res() res: Response) {
    sendWebFile(res, 'conversations.html', 'html');
  }

  @Get('bar')
  async bar(
    @Query() query: Record<string, string | undefined>,
    @Headers('authorization') authorization?: string,
  ) {
    await this.tokens.verify(/^Bearer (.+)$/.exec(authorization ?? '')?.[1], 'analyst');
    const period = this.period(query.days);
    return { conversations: await this.conversations.behind(period, barSelectionOf(query)) };
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

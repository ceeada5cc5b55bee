import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendProtocolScript, sendWebFile } from './chat-page.controller.js';

/**
 * Serves the admin console's pages (static): the queue, whose data comes over the admin WebSocket,
 * the knowledge gaps and the traces, whose data comes from the admin HTTP API.
 */
@Controller('admin')
export class AdminPageController {
  @Get()
  page(@Res() res: Response) {
    sendWebFile(res, 'admin.html', 'html');
  }

  @Get('admin.js')
  script(@Res() res: Response) {
    sendWebFile(res, 'admin.js', 'application/javascript');
  }

  @Get('admin.css')
  style(@Res() res: Response) {
    sendWebFile(res, 'admin.css', 'css');
  }

  /** The sign-in of the queue and the gaps page. */
  @Get('admin-session.js')
  sessionScript(@Res() res: Response) {
    sendWebFile(res, 'admin-session.js', 'application/javascript');
  }

  /** For the queue and the gaps page. */
  @Get('protocol.js')
  protocol(@Res() res: Response) {
    sendProtocolScript(res);
  }

  /** The knowledge gaps: avoidable escalations an admin answered, drafted into articles. */
  @Get('gaps')
  gapsPage(@Res() res: Response) {
    sendWebFile(res, 'gaps.html', 'html');
  }

  @Get('gaps.js')
  gapsScript(@Res() res: Response) {
    sendWebFile(res, 'gaps.js', 'application/javascript');
  }

  @Get('gaps.css')
  gapsStyle(@Res() res: Response) {
    sendWebFile(res, 'gaps.css', 'css');
  }

  /** A conversation's turn traces (`?conversation=ID`), linked from each escalation card. */
  @Get('trace')
  tracePage(@Res() res: Response) {
    sendWebFile(res, 'trace.html', 'html');
  }

  @Get('trace.js')
  traceScript(@Res() res: Response) {
    sendWebFile(res, 'trace.js', 'application/javascript');
  }
}

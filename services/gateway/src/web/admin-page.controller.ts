import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendProtocolScript, sendWebFile } from './chat-page.controller.js';

const SCRIPT = 'application/javascript';

/** The console's scripts and styles, by the name a page asks for: nothing else is served. */
const ASSETS = {
  'admin.js': SCRIPT,
  'admin-session.js': SCRIPT,
  'admin.css': 'css',
  'gaps.js': SCRIPT,
  'gaps.css': 'css',
  'trace.js': SCRIPT,
} as const;

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

  /** The knowledge gaps: avoidable escalations an admin answered, drafted into articles. */
  @Get('gaps')
  gapsPage(@Res() res: Response) {
    sendWebFile(res, 'gaps.html', 'html');
  }

  /** A conversation's turn traces (`?conversation=ID`), linked from each escalation card. */
  @Get('trace')
  tracePage(@Res() res: Response) {
    sendWebFile(res, 'trace.html', 'html');
  }

  /** For the queue and the gaps page. */
  @Get('protocol.js')
  protocol(@Res() res: Response) {
    sendProtocolScript(res);
  }

  @Get(Object.keys(ASSETS))
  asset(@Req() req: Request, @Res() res: Response) {
    const name = req.path.slice(req.path.lastIndexOf('/') + 1) as keyof typeof ASSETS;
    sendWebFile(res, name, ASSETS[name]);
  }
}

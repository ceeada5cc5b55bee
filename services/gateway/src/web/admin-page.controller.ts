import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendBundle, sendProtocolScript, sendWebFile } from './chat-page.controller.js';

/** The console's styles, by the name a page asks for: nothing else is served. */
const STYLES = ['admin.css', 'gaps.css'] as const;
/** The console's bundled scripts (`npm run build`) and their source maps. */
const BUNDLES = ['admin.js', 'gaps.js', 'trace.js'].flatMap((f) => [f, `${f}.map`]);

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

  @Get([...STYLES])
  style(@Req() req: Request, @Res() res: Response) {
    sendWebFile(res, req.path.slice(req.path.lastIndexOf('/') + 1), 'css');
  }

  @Get(BUNDLES)
  script(@Req() req: Request, @Res() res: Response) {
    sendBundle(res, req.path.slice(req.path.lastIndexOf('/') + 1));
  }
}

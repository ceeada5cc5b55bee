import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendWebFile } from './chat-page.controller.js';

/** Serves the admin console page (static); its data comes over the admin WebSocket. */
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

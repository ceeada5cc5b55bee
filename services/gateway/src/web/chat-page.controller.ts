import { fileURLToPath } from 'node:url';
import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PROTOCOL_SCRIPT } from './web-protocol.js';

// src/web and dist/web sit at the same depth, so the static files resolve from either.
const WEB_DIR = fileURLToPath(new URL('../../src/web/', import.meta.url));

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "connect-src 'self' ws: wss:",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "script-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

function setSecurityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** Sends one of the static web files with the pages' security headers. */
export function sendWebFile(res: Response, file: string, type: string): void {
  setSecurityHeaders(res);
  res.type(type).sendFile(file, { root: WEB_DIR });
}

/** Sends `protocol.js`, the constants a page shares with the gateway, like a static script. */
export function sendProtocolScript(res: Response): void {
  setSecurityHeaders(res);
  res.type('application/javascript').send(PROTOCOL_SCRIPT);
}

/** Serves the customer chat page (static, no build step). */
@Controller()
export class ChatPageController {
  private send(res: Response, file: string, type: string): void {
    sendWebFile(res, file, type);
  }

  @Get()
  page(@Res() res: Response) {
    this.send(res, 'chat.html', 'html');
  }

  @Get('chat.js')
  script(@Res() res: Response) {
    this.send(res, 'chat.js', 'application/javascript');
  }

  @Get('protocol.js')
  protocol(@Res() res: Response) {
    sendProtocolScript(res);
  }

  @Get('chat.css')
  style(@Res() res: Response) {
    this.send(res, 'chat.css', 'css');
  }
}

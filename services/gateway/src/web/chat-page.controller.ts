import { fileURLToPath } from 'node:url';
import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';

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

/** Sends one of the static web files with the pages' security headers. */
export function sendWebFile(res: Response, file: string, type: string): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.type(type).sendFile(file, { root: WEB_DIR });
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

  @Get('chat.css')
  style(@Res() res: Response) {
    this.send(res, 'chat.css', 'css');
  }
}

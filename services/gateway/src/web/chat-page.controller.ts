import { fileURLToPath } from 'node:url';
import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PROTOCOL_SCRIPT } from './web-protocol.js';

// src/web and dist/web sit at the same depth, so the files resolve from either: the pages and
// their styles from src/web, the bundled page scripts (`npm run build`) from dist/web.
const WEB_DIR = fileURLToPath(new URL('../../src/web/', import.meta.url));
const BUNDLE_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

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

/** Sends a page's bundled script (`<page>.js`, built by `build-web.mjs`) or its source map. */
export function sendBundle(res: Response, file: string): void {
  setSecurityHeaders(res);
  res
    .type(file.endsWith('.map') ? 'application/json' : 'application/javascript')
    .sendFile(file, { root: BUNDLE_DIR });
}

/** Sends `protocol.js`, the constants a page shares with the gateway, like a static script. */
export function sendProtocolScript(res: Response): void {
  setSecurityHeaders(res);
  res.type('application/javascript').send(PROTOCOL_SCRIPT);
}

/** Serves the customer chat page: the page, its bundled script and its styles. */
@Controller()
export class ChatPageController {
  @Get()
  page(@Res() res: Response) {
    sendWebFile(res, 'chat.html', 'html');
  }

  @Get(['chat.js', 'chat.js.map'])
  script(@Req() req: Request, @Res() res: Response) {
    sendBundle(res, req.path.slice(1));
  }

  @Get('protocol.js')
  protocol(@Res() res: Response) {
    sendProtocolScript(res);
  }

  @Get('chat.css')
  style(@Res() res: Response) {
    sendWebFile(res, 'chat.css', 'css');
  }
}

import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

// Security headers on every answer (helmet), and no caching of any API answer: they hold personal data, and a
// shared computer's browser cache must not keep them (issue 14, ASVS 8.2.1).

/** The origins of the configured URLs, without repeats. */
const origens = (...urls: Array<string | null | undefined>) => [
  ...new Set(urls.filter((u): u is string => !!u).map((u) => new URL(u).origin)),
];

/**
 * Headers that act on a document (its policy, framing, the window's isolation, HSTS, which the page's own answer
 * brings) and mean nothing on a hashed script or stylesheet. Over HTTP/1.1 each asset repeated them: 0.7 kB of headers
 * on 60 files of the first load, more than half of many a small chunk's bytes (issue 41). The asset keeps nosniff and
 * CORP. Workers are not under /assets/ (sw.js is at the root) and keep the policy.
 */
const SO_DOCUMENTOS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // The optional widgets (issue 21) are allowed only when configured: their scripts, what they fetch and the frames
  // they open (VLibras and chat widgets draw in iframes). The fingerprint agent is only fetched from.
  const widgets = origens(config.CHAT_WIDGET_URL, config.LIBRAS_WIDGET_URL);
  const csp = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...widgets],
    // Mantine sets style attributes at run time; no inline script is ever allowed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The map's tiles (issue 18) come from MAP_TILES_URL's host when one is configured.
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...widgets,
      ...(config.MAP_TILES_URL ? [new URL(config.MAP_TILES_URL.replace(/\{[a-z]\}/g, '0')).origin] : []),
    ],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...origens(config.CHAT_WIDGET_URL, config.LIBRAS_WIDGET_URL, config.BIOMETRIA_AGENTE_URL)],
    frameSrc: widgets.length > 0 ? widgets : ["'none'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Added below only for HTTPS: over plain HTTP on a LAN address it would send every asset to https and blank the app.
    upgradeInsecureRequests: null,
  };
  // Made once: @fastify/helmet built helmet's middleware again at every request, parsing the policy each time (issue
  // 41: 15–25 µs of every answer's CPU). The headers are the same: the policy has no nonces.
  const headers = helmet({ contentSecurityPolicy: { directives: csp }, crossOriginEmbedderPolicy: false });
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, () => done()));

  // Callbacks, not async: nothing to wait for, and a promise per hook per request (issue 41).
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/api/') || req.url === '/api') void reply.header('Cache-Control', 'no-store');
    done();
  });
  // req.protocol is https for a TLS socket, or per X-Forwarded-Proto from a trusted proxy (TRUST_PROXY).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/assets/')) {
      for (const h of SO_DOCUMENTOS) reply.removeHeader(h);
      return done(null, payload);
    }
    const policy = reply.getHeader('content-security-policy');
    if (req.protocol === 'https' && typeof policy === 'string') {
      void reply.header('content-security-policy', `${policy};upgrade-insecure-requests`);
    }
    done(null, payload);
  });
}

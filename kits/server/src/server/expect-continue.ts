import type { FastifyInstance } from 'fastify';

/**
 * Answers `Expect: 100-continue` (RFC 9110 §10.1.1): a request whose declared body is over the app's
 * body limit gets its final answer (fastify's 413) without the interim 100, so a client such as curl,
 * which asks before uploading a large body, never sends what would be refused, and reads the 413
 * instead of a reset. Any other request gets `100 Continue` and goes to fastify's router as usual.
 * Without a `checkContinue` listener Node sends 100 to everyone.
 */
export function answerExpectContinue(app: FastifyInstance): void {
  const limit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  app.server.on('checkContinue', (req, res) => {
    const declared = Number(req.headers['content-length']);
    if (!(declared > limit)) res.writeContinue();
    app.server.emit('request', req, res);
  });
}

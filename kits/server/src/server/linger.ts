import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a closing connection keeps reading (and dropping) what the client still sends. */
export const LINGER_MS = 2000;

/**
 * Lingering close, as nginx (`lingering_close`) and Apache do: when a response closes the connection
 * before the request's body was read (fastify's 413 for a body over the limit, a 400 for a broken one,
 * both sent with `connection: close`), the socket is not closed at once. Closing a socket with unread
 * bytes makes the kernel answer with a reset; a client still uploading then gets EPIPE/ECONNRESET on its
 * next write, often before it has read the answer, and loses the 413 (measured: 1 in 10 to 7 in 10
 * uploads of 2.8 MB against the gateway or a bare fastify). Here the write side is ended once the answer
 * is out (FIN), and the socket is closed when the client closes its side or after LINGER_MS, whichever
 * comes first; what arrives meanwhile is read and dropped.
 *
 * Node closes such a connection with `socket.destroySoon()` (http server, on the response's finish); the
 * function replaces it per connection. A socket with nothing more to read closes as before: the client
 * answers the FIN at once.
 */
export function lingerBeforeClose(server: Server): void {
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = function lingeringDestroySoon(this: Socket) {
      if (!this.writable) {
        this.destroy();
        return;
      }
      const timer = setTimeout(() => this.destroy(), LINGER_MS);
      timer.unref();
      this.once('close', () => clearTimeout(timer));
      // What still comes is dropped here, not handed to the HTTP parser: after the answer it is no request,
      // and the parser's error (HPE_INVALID_EOF_STATE → clientError) would destroy the socket at once.
      // A 'data' listener also takes the stream back from the parser's direct reading of the handle.
      this.removeAllListeners('data');
      this.on('data', () => undefined);
      this.end();
    };
  });
}

import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection kept open between requests, written by hand: what a proxy or client
 * that reuses its connections does (fetch's agent would close an idle one on its own). Answers
 * must carry a Content-Length (JSON calls do).
 */
export class KeepAliveConnection {
  private received = Buffer.alloc(0);
  private wake: (() => void) | undefined;
  /** Whether the server has closed the connection. */
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
    // A reset shows as `closed`; the test asks for that.
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new KeepAliveConnection(socket));
      });
    });
  }

  /** A GET on this connection; fails if the server closed it instead of answering. */
  async get(path: string): Promise<RawAnswer> {
    if (this.closed) throw new Error(`the server closed the connection before GET ${path}`);
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    for (;;) {
      const answer = this.takeAnswer();
      if (answer) return answer;
      if (this.closed) throw new Error(`the server closed the connection during GET ${path}`);
      await this.next();
    }
  }

  /** Resolves once the server has closed the connection. */
  async whenClosed(): Promise<void> {
    while (!this.closed) await this.next();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private next(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  /** The first whole answer received, taken out of what was received. */
  private takeAnswer(): RawAnswer | undefined {
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine = '', ...lines] = this.received
      .subarray(0, headEnd)
      .toString('latin1')
      .split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    if (headers['transfer-encoding']) throw new Error('chunked answers are not read here');
    const bodyStart = headEnd + 4;
    const bodyEnd = bodyStart + Number(headers['content-length'] ?? 0);
    if (this.received.length < bodyEnd) return undefined;
    const body = this.received.subarray(bodyStart, bodyEnd).toString('utf8');
    this.received = this.received.subarray(bodyEnd);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}

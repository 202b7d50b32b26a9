import pino from 'pino';

export type Logger = pino.Logger;

/** The shop's logger; it writes to stdout unless given another destination (tests read it). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["cart-token"]'],
      remove: true,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

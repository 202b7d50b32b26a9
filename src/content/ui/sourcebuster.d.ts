/** sourcebuster 1.1 ships no types: what the shop uses of it. */
declare module 'sourcebuster' {
  interface SourcebusterOptions {
    /** Months the cookies last. */
    lifetime?: number;
    /** Minutes a visit lasts after its last page. */
    session_length?: number;
    /** Hours from UTC for the visit's start time ('0': UTC, as WooCommerce). */
    timezone_offset?: string;
    domain?: { host: string; isolate: boolean };
  }
  const sbjs: {
    init(options?: SourcebusterOptions): void;
    get: Record<string, Record<string, string>>;
  };
  export default sbjs;
}

import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Loaders and actions get the request as it came (no clone per route handler); they read
    // the page's address from their `url` argument, which drops React Router's `.data` details.
    v8_passThroughRequests: true,
  },
} satisfies Config;

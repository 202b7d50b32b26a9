/** WordPress's REST nonce action: the coming-soon banner's dismissal sends it as `X-WP-Nonce`. */
export const REST_NONCE = 'wp_rest';

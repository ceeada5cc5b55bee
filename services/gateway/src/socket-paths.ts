/** The HTTP paths the gateway's two WebSockets upgrade on. */
export const CUSTOMER_WS_PATH = '/ws';
export const ADMIN_WS_PATH = '/admin/ws';

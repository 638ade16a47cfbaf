import type { FastifyRequest, FastifyServerOptions } from "fastify";

/*
 * The request log (issue 34). By default each request is logged by its method, host and path only: no visitor's
 * address and no query string (a search in the office, /office/data?email=…, carries the person it is about), so
 * that the log keeps nothing the privacy page says the site does not keep. LOG_VISITORS=on keeps both, for a site
 * that needs them (tracing an attack, say). The User-Agent is never logged. An invitation link's token is a
 * one-time secret that lets its holder add a passkey, and a traveller's link opens their papers: neither is ever logged,
 * whatever the setting.
 */

/**
 * A path with its secret replaced: an invitation's token (/office/enrol/…), and a traveller's private link
 * (/case/…, issue 56: it opens their papers; the case room's own /case/assets and /case/uploads carry none).
 */
export function withoutSecrets(url: string): string {
  return url
    .replace(/^\/office\/enrol\/(?!options(?:[?#]|$))[^/?#]+/, "/office/enrol/…")
    .replace(/^(\/case\/)(?!(?:assets|uploads)(?:[/?#]|$))[^/?#]+/i, "$1…");
}

/** What the log keeps of a request. */
export function requestSerializer(keepVisitors: boolean): (request: FastifyRequest) => Record<string, unknown> {
  return (request) => {
    const url = withoutSecrets(request.url);
    const logged: Record<string, unknown> = {
      method: request.method,
      url: keepVisitors ? url : url.split("?", 1)[0],
      host: request.host,
    };
    if (keepVisitors) {
      logged.remoteAddress = request.ip;
      logged.remotePort = request.socket?.remotePort;
    }
    return logged;
  };
}

/** Fastify's logger option with the request serializer above (a serializer the caller gives wins). */
export function withRequestLog(
  logger: FastifyServerOptions["logger"],
  keepVisitors: boolean,
): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { req: requestSerializer(keepVisitors), ...options.serializers } };
}

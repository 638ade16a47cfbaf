import type { FastifyPluginAsync } from "fastify";
import { PushStore } from "../data/push";
import type { PushSetting } from "./config";
import { vapidKeys, type VapidKeys } from "./keys";
import { type PushResult, sendPush } from "./sender";
import { PushWorker } from "./worker";

/**
 * Alerts as the rest of the server sees them (the office's "Me" page and its routes, the inbox's kick): whether they
 * are on and why not, the key browsers subscribe with, and a test sent now. Filled in when the database opens.
 */
export interface PushService {
  readonly setting: PushSetting;
  /** The VAPID public key (base64url) once the database is open; null while alerts are off or it is not open. */
  publicKey(): string | null;
  /** Something was queued (an enquiry stored): send it now rather than at the next poll. */
  kick(): void;
  /**
   * Sends `payload` to one device now ("Send a test"; a traveller's visa moving): what its push service answered.
   * `ttlSeconds`: how long the push service keeps it for a phone that is off (a minute unless given).
   */
  sendNow(
    target: { endpoint: string; p256dh: string; auth: string },
    payload: { title: string; body: string; url: string },
    ttlSeconds?: number,
  ): Promise<PushResult>;
}

/** The service of a server whose database is not open yet (and of one with alerts off, for good). */
export function pushService(setting: PushSetting): PushService & { keys: VapidKeys | null; worker: PushWorker | null } {
  return {
    setting,
    keys: null,
    worker: null,
    publicKey() {
      return this.keys?.publicKey ?? null;
    },
    kick() {
      this.worker?.kick();
    },
    async sendNow(target, payload, ttlSeconds = 60) {
      if (!setting.on || !this.keys) return { kind: "failed", reason: "alerts are off on this server" };
      return sendPush(target, payload, {
        keys: this.keys,
        contact: setting.contact,
        timeoutMs: setting.retry.sendTimeoutMs,
        ttlSeconds,
        policy: setting,
      });
    },
  };
}

export interface PushPluginOptions {
  service: ReturnType<typeof pushService>;
}

/**
 * The push worker of this server (issue 37): each time the database opens, the VAPID keys are read (made by the
 * first server) and a worker is made for the alert queue, started once the server is ready and stopped when it
 * closes. With alerts off (PUSH_CONTACT=off) there is no worker: what is queued waits, and a server with alerts on
 * drops what waited longer than a day.
 */
export const pushPlugin: FastifyPluginAsync<PushPluginOptions> = async (app, { service }) => {
  const { setting } = service;
  if (!setting.on) {
    app.log.info(setting.reason);
    return;
  }
  let ready = false;
  app.database.onOpen(async ({ database }) => {
    service.keys = await vapidKeys(database);
    const previous = service.worker;
    const keys = service.keys;
    service.worker = new PushWorker(
      new PushStore(database),
      (alert) =>
        sendPush(
          alert,
          { title: alert.title, body: alert.body, url: alert.url },
          { keys, contact: setting.contact, timeoutMs: setting.retry.sendTimeoutMs, policy: setting },
        ),
      setting.retry,
      app.log,
    );
    await previous?.stop().catch(() => {});
    if (ready) service.worker.start();
  });
  app.addHook("onReady", async () => {
    ready = true;
    service.worker?.start();
  });
  app.addHook("onClose", async () => {
    await service.worker?.stop();
  });
};

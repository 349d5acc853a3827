"use client";
import { useEffect, useState } from "react";

/**
 * False until one task after `ready` first turned true, then true for good: a part rendered behind it mounts in a
 * render of its own instead of in the render that made it possible, so neither makes one long task. A posted message
 * is a task of its own that the browser runs soon, usually before the next frame (a timer waited behind other queued
 * work, an animation frame for a frame).
 */
export function useNextTask(ready: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => setDone(true);
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [ready, done]);
  return done;
}

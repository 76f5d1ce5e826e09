import { SafeString, type View } from "rails2ts/runtime";
export default function render(_view: View, _locals: Record<string, unknown>): SafeString {
  return new SafeString(
    '// Add a service worker for processing Web Push notifications:\n//\n// self.addEventListener("push", async (event) => {\n//   const { title, options } = await event.data.json()\n//   event.waitUntil(self.registration.showNotification(title, options))\n// })\n//\n// self.addEventListener("notificationclick", function(event) {\n//   event.notification.close()\n//   event.waitUntil(\n//     clients.matchAll({ type: "window" }).then((clientList) => {\n//       for (let i = 0; i < clientList.length; i++) {\n//         let client = clientList[i]\n//         let clientPath = (new URL(client.url)).pathname\n//\n//         if (clientPath == event.notification.data.path && "focus" in client) {\n//           return client.focus()\n//         }\n//       }\n//\n//       if (clients.openWindow) {\n//         return clients.openWindow(event.notification.data.path)\n//       }\n//     })\n//   )\n// })\n',
  );
}

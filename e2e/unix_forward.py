"""A Unix socket that leads to a TCP port on this network namespace's loopback:
``python unix_forward.py <socket path> <port>``, run inside a namespace (``ip netns
exec``), lets a process outside it reach a server there (a Unix socket is a file, and
files are shared by the namespaces). Used for a browser's WebDriver port when the
browser runs in a namespace of its own (e2e/engines.py). Serves until it is stopped."""

from __future__ import annotations

import asyncio
import sys


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    finally:
        writer.close()


async def main(path: str, port: int) -> None:
    async def connected(client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.gather(pipe(client_r, server_w), pipe(server_r, client_w))

    server = await asyncio.start_unix_server(connected, path)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))

# syntax=docker/dockerfile:1
# The site as one image: built once, then run with plain `node` as the unprivileged `node` user.
# How to run it: docs/deployment.md. Why it is made this way: docs/decisions/022-deployment.md.
#
#   docker build -t rcl .
#   podman build --format docker -t rcl .   # podman's default (OCI) format drops HEALTHCHECK
#   docker run -p 3000:3000 -v rcl-data:/data -e SMTP_URL=smtp://… rcl   # embedded database in the volume

# Node 24 LTS on Debian bookworm, pinned to a release; raise it with each 24.x security release
# (the recommended version: docs/decisions/029-node-versions.md).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Every dependency, for the build. Only the manifests are copied first, so this layer is
# reused until they change.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The project's own install step compiles the message catalogues, which are not copied
# yet; `npm run build` compiles them below.
RUN npm ci --ignore-scripts --no-audit --no-fund

# The client and server build (build/client, build/server) and the bundled host and
# commands (build/host).
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only: no Vite, esbuild, tsx or test tools in the final image.
# sharp brings its prebuilt libvips for linux-x64 and linux-arm64 (glibc) as optional
# packages, and PGlite is WebAssembly, so no compiler or system library is needed.
# `--legacy-peer-deps` here because `npm ci --omit=dev` alone keeps the development tools
# better-auth names as optional peers (vitest, drizzle-kit and what they bring); every peer
# the server needs is one of the project's own dependencies (ADR 028). No install step runs:
# the catalogues' compiler is a development tool, and the build has already used it.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --legacy-peer-deps --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The application's files belong to root, so the running process cannot change them.
COPY --from=prod-deps /app/node_modules ./node_modules
# package.json marks the project folder, where the server finds its migrations and build;
# the scripts let `npm start` and `npm run db:migrate` etc. run the build as it is.
COPY package.json ./
COPY scripts/build.mjs scripts/host-command.mjs scripts/start.mjs scripts/worker.mjs ./scripts/
COPY server/db/migrations ./server/db/migrations
COPY --from=build /app/build ./build
# The only writable place: the embedded database, the auth secret it keeps, and uploads
# when they are not in object storage. A new named volume takes this ownership.
RUN mkdir /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Slim images have no curl; Node's fetch asks the same endpoint a load balancer does.
# /readyz answers 503 until the database answers with every migration applied, and while
# the server drains on SIGTERM. Only Docker's image format keeps this instruction: build
# with `podman build --format docker`, or the image has no health check.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM (drain, then finish open requests). With
# DATABASE_URL it forks one worker per core (WEB_CONCURRENCY) and passes SIGTERM to each.
CMD ["node", "build/host/main.js"]

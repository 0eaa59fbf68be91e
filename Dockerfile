# The product in a container: PostgreSQL (DATABASE_URL) and S3-compatible storage (STORAGE=s3, S3_*)
# for several processes; without them it runs on the embedded database in the /data volume.
#   docker build -t marketplace-back-office .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e STORAGE=s3 -e S3_BUCKET=... marketplace-back-office

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install (not npm ci), as in CI: the lock file lacks some platform-specific optional packages.
RUN npm install --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data WEB_DIST=/app/dist/web
# Invoices and packing slips are printed to PDF by Debian's Chromium (found at /usr/bin/chromium), with its fonts.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
# The server runs from its TypeScript sources (tsx is a runtime dependency), with the built SPA beside it.
COPY src ./src
COPY --from=build /app/dist/web ./dist/web
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database): readiness for traffic is GET /api/ready, for the load balancer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop, Kubernetes) shuts down gracefully; keep the stop timeout above SHUTDOWN_TIMEOUT_MS (25 s).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/main.ts"]

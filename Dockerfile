# syntax=docker/dockerfile:1
# Toolsmith server + UI on embedded SQLite. Build: docker build -t toolsmith .
# Run:   docker run -p 3000:3000 -v toolsmith-data:/data -e ADMIN_SECRET=$(openssl rand -hex 24) toolsmith
# (HOST is 0.0.0.0 inside the container, so ADMIN_SECRET is required; see docs/deploy.md)

# 1. build the packages and pack them as npm would publish them
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/emulator/package.json packages/emulator/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && mkdir /packages \
  && npm pack --pack-destination /packages -w @toolsmith/core -w @toolsmith/server

# 2. install the packed server with production dependencies only (better-sqlite3 builds here)
FROM node:20-bookworm-slim AS install
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /packages /packages
RUN echo '{ "name": "toolsmith-app", "private": true }' > package.json \
  && npm install --omit=dev --no-audit --no-fund /packages/toolsmith-core-*.tgz /packages/toolsmith-server-*.tgz

# 3. the runtime: no compilers, not root
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=install --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /data
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "/app/node_modules/@toolsmith/server/dist/bin/toolsmith.js", "start"]

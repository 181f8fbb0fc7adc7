# The production image: README's "Run it in production" sequence, then the
# folder it makes on a slim Node 24 (docs/operations.md "Container").
# apps/server/src/production-install.test.ts checks that the RUN lines below
# are the README's commands; the image itself is not built in CI.
#
#   docker build --build-arg METABUILD_COMMIT=$(git rev-parse HEAD) -t metabuild .
#   docker run -p 8080:8080 -v metabuild-data:/data metabuild

FROM node:24-slim AS build
# better-sqlite3 compiles against the image's own Node headers when no prebuilt binary is reachable.
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential python3 \
 && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10.34.9
ENV npm_config_nodedir=/usr/local
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
RUN node scripts/deploy.mjs /app

FROM node:24-slim
ARG METABUILD_COMMIT=unknown
# HOST 0.0.0.0: inside a container the published port reaches the server only on all interfaces.
ENV NODE_ENV=production \
    METABUILD_COMMIT=${METABUILD_COMMIT} \
    METABUILD_DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080
COPY --from=build /app /app
# `metabuild …` runs the CLI (`docker exec CONTAINER metabuild users add …`).
RUN ln -s /app/dist/main.js /usr/local/bin/metabuild \
 && mkdir -p /data && chown node:node /data
USER node
WORKDIR /app
VOLUME /data
EXPOSE 8080
# Exec form: node itself gets SIGTERM and drains (docs/operations.md "Shutdown").
CMD ["node", "dist/main.js", "serve"]

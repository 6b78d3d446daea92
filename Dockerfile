# syntax=docker/dockerfile:1

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Compilers for the native modules (argon2, better-sqlite3) when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The image ships npm 10, which ignores package.json's allowScripts and would run every install script.
RUN npm install --global npm@11
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV PORT=3000 \
    DATA_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Fonts for the demo catalogue's product images (drawn from SVG at seed time); without them their labels are blank.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
# Created before VOLUME so a fresh named volume inherits the ownership.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
VOLUME /data
USER node
EXPOSE 3000
CMD ["node", "dist/backend/src/main.js"]

# The api, worker and setup image (docker-compose.yml and deploy/k8s run it), as the unprivileged `node` user (uid 1000).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY temporal.config.ts tsconfig.json ./
# DATA_DIR: uploaded files when S3_BUCKET is unset (a volume in docker-compose.yml)
RUN mkdir .data && chown node:node .data
USER node
ENTRYPOINT ["node", "bin/bursar.js"]
CMD ["api"]

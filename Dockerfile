# The api and worker image (docker-compose.yml runs one container of each).
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
ENTRYPOINT ["node", "bin/bursar.js"]
CMD ["api"]

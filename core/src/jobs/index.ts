export { QUEUES, startJobQueue, type JobHandler, type JobLog, type JobQueue, type JobRunner, type QueueName } from "./queue";
export { REVIEW_REQUESTS_CRON, startShopJobs, type ShopJobs, type ShopJobsOptions } from "./shop-jobs";

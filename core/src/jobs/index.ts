export { QUEUES, startJobQueue, type JobHandler, type JobLog, type JobQueue, type JobRunner, type QueueName } from "./queue";
export { startShopJobs, type ShopJobs, type ShopJobsOptions } from "./shop-jobs";

// Active Job: ActiveJob::Base with perform_later run in this process after the current work (the :async adapter).
export { ActiveJobBase, drainJobs, queueAdapterConfig } from "./active-job.js";

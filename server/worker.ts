/** The entry of each worker when several server processes share the port (server/cluster.ts). */
import { runWorker } from './cluster'
import { SERVER_PROCESS } from './main'

runWorker(SERVER_PROCESS)

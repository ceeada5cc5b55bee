import { Orders1764680400000 } from './migrations/1764680400000-orders.js';
import { OrderEntity, OrderReturnEntity } from './order-entities.js';

/** Pass to `openDatabase` / `PersistenceModule.forRoot` as `entities` and `migrations`. */
export const ORDER_ENTITIES = [OrderEntity, OrderReturnEntity];
export const ORDER_MIGRATIONS = [Orders1764680400000];

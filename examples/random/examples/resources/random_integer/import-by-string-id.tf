# The ID is "result,min,max", or "result,min,max,seed".
import {
  to = random_integer.priority
  id = "15390,1,50000"
}

// Public surface of the reports plugin. It offers nothing to other plugins yet: the weekly report
// reads the notifications plugin's switches and zone, the analytics service and the errors reader.
export {};

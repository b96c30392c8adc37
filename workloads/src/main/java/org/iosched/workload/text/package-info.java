/**
 * Reading and echoing the text users give: UTF-8 decoding with positioned errors, lines, safe echoes
 * ({@link org.iosched.workload.text.InputText}, public: the runner echoes its users' text with it too). Used by the
 * fio and replay workloads; it models no fio or kernel file.
 */
package org.iosched.workload.text;

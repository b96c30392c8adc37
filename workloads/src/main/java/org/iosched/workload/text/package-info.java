/** Reading and echoing the text users give: UTF-8 decoding with positioned errors, lines, safe echoes. */
package org.iosched.workload.text;
